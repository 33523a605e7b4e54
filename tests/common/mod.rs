pub mod engines;
pub mod gui;
pub mod http;
pub mod matches;
pub mod multi_reference;
pub mod reference;
pub mod uap;
