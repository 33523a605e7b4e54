pub mod engines;
pub mod reference;
pub mod uap;
pub mod gui;
pub mod http;
