//! The processor check at start. The build targets x86-64-v3 (`.cargo/config.toml`): on an
//! older processor the first AVX or BMI instruction would end the process with a bare "illegal
//! instruction", and under full LTO even the standard library's start-up code holds such
//! instructions (`main` zeroes its locals with `vxorps`). So the check runs as an ELF
//! constructor, before the C and Rust start-up, in code of nothing but `cpuid`, constant bit
//! tests and two system calls, and says what to do instead of crashing. Checked under
//! `qemu-x86_64 -cpu Nehalem`.

/// The message written when the processor lacks an extension this build uses.
#[cfg(all(target_arch = "x86_64", target_os = "linux", target_feature = "avx2"))]
const REFUSAL: &[u8] = b"error: this sumito was built for x86-64-v3 processors (2013 onwards: \
AVX2, FMA, BMI1, BMI2, LZCNT, MOVBE, POPCNT), and this processor lacks some of them. Build one \
for it with: RUSTFLAGS=\"-C target-cpu=native\" cargo build --release\n";

/// The constructor, in `.init_array` so that the loader calls it before anything else runs.
#[cfg(all(target_arch = "x86_64", target_os = "linux", target_feature = "avx2"))]
#[used]
#[unsafe(link_section = ".init_array")]
static CHECK_PROCESSOR: extern "C" fn() = check_processor;

/// Ends the process with [`REFUSAL`] and exit code 1 if the processor lacks an extension of
/// x86-64-v3.
#[cfg(all(target_arch = "x86_64", target_os = "linux", target_feature = "avx2"))]
extern "C" fn check_processor() {
    use std::arch::x86_64::__cpuid;
    let bit = |register: u32, bit: u32| register & (1 << bit) != 0;
    let basic = __cpuid(1);
    let extended = __cpuid(7);
    let amd = __cpuid(0x8000_0001);
    let has_all = bit(basic.ecx, 12) // FMA
        && bit(basic.ecx, 22) // MOVBE
        && bit(basic.ecx, 23) // POPCNT
        && bit(basic.ecx, 28) // AVX
        && bit(extended.ebx, 3) // BMI1
        && bit(extended.ebx, 5) // AVX2
        && bit(extended.ebx, 8) // BMI2
        && bit(amd.ecx, 5); // LZCNT
    if has_all {
        return;
    }
    // SAFETY: the Linux system calls write(2, REFUSAL, len) and exit_group(1), which touch no
    // memory of this process but REFUSAL's bytes, read-only; rcx and r11 are clobbered by
    // `syscall` and declared so.
    unsafe {
        std::arch::asm!(
            "syscall",
            inlateout("rax") 1usize => _,
            in("rdi") 2usize,
            in("rsi") REFUSAL.as_ptr(),
            in("rdx") REFUSAL.len(),
            lateout("rcx") _,
            lateout("r11") _,
            options(nostack, readonly),
        );
        std::arch::asm!(
            "syscall",
            in("rax") 231usize,
            in("rdi") 1usize,
            options(noreturn, nostack),
        );
    }
}
