pub mod engines;
pub mod gui;
pub mod http;
pub mod reference;
pub mod uap;
