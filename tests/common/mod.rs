pub mod engines;
pub mod reference;
pub mod uap;
