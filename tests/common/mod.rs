pub mod reference;
pub mod uap;
