//! The network's weights, quantised, and its file format.
//!
//! One hidden layer per perspective: the accumulator holds, for each side, the input bias plus
//! the input weights of every input that is on (`features`), `HIDDEN` numbers scaled by
//! [`QA`]. The output clips each to 0..=QA, squares it where the network says so
//! ([`Activation`]), weighs the side to move's half and the other's with their own output
//! weights (scaled by [`QB`]) and adds the bias: marbles times `QA × QB`, which
//! [`Network::output`] turns into centi-marbles.
//!
//! The file, little-endian: `SUMITONN`, version (u32), inputs and hidden size (u32 each); from
//! version 2 the activation (u32: 0 clipped ReLU, 1 squared clipped ReLU), which version 1 has
//! not (a clipped ReLU); the length of a UTF-8 header (u32) and the header (the commands that
//! made the network), the input weights (input by input, `HIDDEN` i16 each), the input bias
//! (i16), the output weights (side to move's, then the other's, i16), the output bias (i32),
//! and an FNV-1a hash of everything before it (u64), so that a damaged file is refused rather
//! than played.

use super::aligned::Aligned;
use super::features::{GROUPS, INPUTS};

/// Hidden neurons per perspective.
pub const HIDDEN: usize = 128;

/// The accumulator's scale: an activation of 1 is `QA`.
pub const QA: i32 = 255;

/// The output weights' scale.
pub const QB: i32 = 64;

/// Centi-marbles per unit of the network's output (it is trained in marbles).
const CENTI_PER_UNIT: i32 = 100;

const MAGIC: &[u8; 8] = b"SUMITONN";

/// The network built into the binary (docs/network.md says how it was made; its header holds
/// the commands).
const EMBEDDED: &[u8] = include_bytes!("default.nnue");
const VERSION: u32 = 2;

/// What the output makes of a hidden sum `x` (an activation of 1 being `QA`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Activation {
    /// `clamp(x, 0, 1)`.
    #[default]
    Clipped,
    /// `clamp(x, 0, 1)²`.
    SquaredClipped,
}

impl Activation {
    /// The activation's number in the file.
    fn code(self) -> u32 {
        match self {
            Activation::Clipped => 0,
            Activation::SquaredClipped => 1,
        }
    }
}

/// A network ready to evaluate.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// Each input's column of hidden weights (each column on a cache line's start).
    pub input_weights: Box<Aligned<[[i16; HIDDEN]; INPUTS]>>,
    /// The hidden bias.
    pub input_bias: Aligned<[i16; HIDDEN]>,
    /// The output weights of the side to move's half, then the other side's.
    pub output_weights: Aligned<[[i16; HIDDEN]; 2]>,
    /// The output bias, in units of `QA × QB`.
    pub output_bias: i32,
    /// What the output makes of the hidden sums.
    pub activation: Activation,
    /// What made it: the commands, from the file's header.
    pub header: String,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let first = self.header.lines().next().unwrap_or("");
        write!(f, "Network({INPUTS}x{HIDDEN}, {first})")
    }
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// It does not start with the magic bytes.
    #[error("not a Sumito network file (no SUMITONN at its start)")]
    NotANetwork,
    /// Another version of the format.
    #[error("network file version {0}, this build reads versions 1 to {VERSION}")]
    Version(u32),
    /// An activation this build does not know.
    #[error("network file of activation {0}: this build knows 0 (clipped ReLU) and 1 (squared)")]
    Activation(u32),
    /// Another shape of network.
    #[error(
        "network of {inputs} inputs and {hidden} hidden neurons; this build has {INPUTS} and {HIDDEN}"
    )]
    Shape {
        /// Its inputs.
        inputs: u32,
        /// Its hidden size.
        hidden: u32,
    },
    /// Shorter or longer than its shape says.
    #[error("network file of {0} bytes is cut short or too long for its shape")]
    Length(usize),
    /// The hash at its end does not match its contents.
    #[error("network file damaged: its checksum does not match")]
    Checksum,
    /// A hidden sum can leave the 16 bits it is kept in, or the output the 32 bits of its sum,
    /// in some position: the network would give wrong evaluations there.
    #[error(
        "network's {what} can reach {reach}, beyond the {bits}-bit range it is computed in (a trainer with weight clipping makes none such)"
    )]
    Overflow {
        /// Which sum: `hidden sum <n>` or `output`.
        what: String,
        /// The furthest it reaches.
        reach: i64,
        /// The bits it has.
        bits: u32,
    },
    /// The file could not be read.
    #[error("cannot read network file {path}: {message}")]
    Read {
        /// The file.
        path: String,
        /// Why not.
        message: String,
    },
}

/// Reads numbers off the front of a byte slice.
pub(crate) struct Reader<'a>(pub(crate) &'a [u8]);

impl Reader<'_> {
    pub(crate) fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*head)
    }
    pub(crate) fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }
    pub(crate) fn i16(&mut self) -> Option<i16> {
        self.take().map(i16::from_le_bytes)
    }
    /// A header: its length (u32), then that many bytes of UTF-8.
    pub(crate) fn header(&mut self) -> Option<String> {
        let length = self.u32()? as usize;
        let (header, rest) = self.0.split_at_checked(length)?;
        self.0 = rest;
        Some(String::from_utf8_lossy(header).into_owned())
    }
    /// Fills `values` with the numbers that come next.
    pub(crate) fn fill(&mut self, values: &mut [i16]) -> Option<()> {
        values.iter_mut().try_for_each(|v| {
            *v = self.i16()?;
            Some(())
        })
    }
}

impl Network {
    /// The network in `bytes`, a file of the format above.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let length = NetworkError::Length(bytes.len());
        let (body, hash) = bytes.split_last_chunk::<8>().ok_or(length.clone())?;
        let mut r = Reader(body);
        if r.take::<8>().as_ref() != Some(MAGIC) {
            return Err(NetworkError::NotANetwork);
        }
        let version = r.u32().ok_or(length.clone())?;
        if !(1..=VERSION).contains(&version) {
            return Err(NetworkError::Version(version));
        }
        let (inputs, hidden) = (
            r.u32().ok_or(length.clone())?,
            r.u32().ok_or(length.clone())?,
        );
        if (inputs as usize, hidden as usize) != (INPUTS, HIDDEN) {
            return Err(NetworkError::Shape { inputs, hidden });
        }
        let code = match version {
            1 => Activation::Clipped.code(),
            _ => r.u32().ok_or(length.clone())?,
        };
        if fnv1a(body) != u64::from_le_bytes(*hash) {
            return Err(NetworkError::Checksum);
        }
        let activation = [Activation::Clipped, Activation::SquaredClipped]
            .into_iter()
            .find(|a| a.code() == code)
            .ok_or(NetworkError::Activation(code))?;
        let mut network = Network::zero(r.header().ok_or(length.clone())?);
        network.activation = activation;
        for column in network.input_weights.iter_mut() {
            r.fill(column).ok_or(length.clone())?;
        }
        r.fill(&mut *network.input_bias).ok_or(length.clone())?;
        for half in network.output_weights.iter_mut() {
            r.fill(half).ok_or(length.clone())?;
        }
        network.output_bias = r.take().map(i32::from_le_bytes).ok_or(length.clone())?;
        if !r.0.is_empty() {
            return Err(length);
        }
        network.check_ranges()?;
        Ok(network)
    }

    /// The least and the most each hidden sum can be in any position: its bias, and in each
    /// group of inputs the most inputs that can be on at once with the smallest weights, or with
    /// the largest.
    fn hidden_ranges(&self) -> [(i64, i64); HIDDEN] {
        std::array::from_fn(|neuron| {
            let bias = i64::from(self.input_bias[neuron]);
            let (mut low, mut high) = (bias, bias);
            for (first, count, most_on) in GROUPS {
                let mut weights: Vec<i64> = (first..first + count)
                    .map(|input| i64::from(self.input_weights[input][neuron]))
                    .collect();
                weights.sort_unstable();
                low += weights.iter().take(most_on).map(|&w| w.min(0)).sum::<i64>();
                high += weights
                    .iter()
                    .rev()
                    .take(most_on)
                    .map(|&w| w.max(0))
                    .sum::<i64>();
            }
            (low, high)
        })
    }

    /// Refuses a network whose hidden sums could leave 16 bits in some position, or whose
    /// output could leave 32 (each activation, squared or not, is at most `QA`).
    fn check_ranges(&self) -> Result<(), NetworkError> {
        for (neuron, range) in self.hidden_ranges().into_iter().enumerate() {
            fits(range, 16, || format!("hidden sum {neuron}"))?;
        }
        let weights = self.output_weights.iter().flatten().map(|&w| i64::from(w));
        let bias = i64::from(self.output_bias);
        let range = weights.fold((bias, bias), |(low, high), w| {
            (
                low + w.min(0) * i64::from(QA),
                high + w.max(0) * i64::from(QA),
            )
        });
        fits(range, 32, || "output".into())
    }

    /// The network built into the binary, the one the engine evaluates with unless told
    /// otherwise (`EvalFile`).
    pub fn embedded() -> std::sync::Arc<Network> {
        static NETWORK: std::sync::OnceLock<std::sync::Arc<Network>> = std::sync::OnceLock::new();
        NETWORK
            .get_or_init(|| {
                let network = Network::from_bytes(EMBEDDED);
                // A test reads it: a build whose file is not a network of its shape fails there.
                std::sync::Arc::new(network.expect("the built-in network"))
            })
            .clone()
    }

    /// The network in the file at `path`.
    pub fn load(path: &str) -> Result<Network, NetworkError> {
        let bytes =
            crate::eval::network_file::read(path).map_err(|message| NetworkError::Read {
                path: path.to_string(),
                message,
            })?;
        Network::from_bytes(&bytes)
    }

    /// The network as a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for number in [
            VERSION,
            INPUTS as u32,
            HIDDEN as u32,
            self.activation.code(),
            self.header.len() as u32,
        ] {
            bytes.extend(number.to_le_bytes());
        }
        bytes.extend(self.header.as_bytes());
        let halves = self.output_weights.iter();
        let columns = self
            .input_weights
            .iter()
            .chain([&*self.input_bias])
            .chain(halves);
        for value in columns.flatten() {
            bytes.extend(value.to_le_bytes());
        }
        bytes.extend(self.output_bias.to_le_bytes());
        bytes.extend(fnv1a(&bytes).to_le_bytes());
        bytes
    }

    /// A network of zero weights with `header`.
    pub fn zero(header: String) -> Network {
        Network {
            input_weights: Box::new(Aligned([[0; HIDDEN]; INPUTS])),
            input_bias: Aligned([0; HIDDEN]),
            output_weights: Aligned([[0; HIDDEN]; 2]),
            output_bias: 0,
            activation: Activation::Clipped,
            header,
        }
    }

    /// The evaluation in centi-marbles for the side to move, whose half of the accumulator is
    /// `ours`, the other side's `theirs`.
    #[inline]
    pub fn output(&self, ours: &[i16; HIDDEN], theirs: &[i16; HIDDEN]) -> i32 {
        let [w0, w1] = &*self.output_weights;
        let sum = match self.activation {
            Activation::Clipped => clipped_dot(ours, w0) + clipped_dot(theirs, w1),
            Activation::SquaredClipped => squared_sum(ours, theirs, w0, w1),
        };
        centi_marbles(i64::from(sum + self.output_bias))
    }
}

/// Refuses a sum that can reach from `low` to `high` where it is kept in `bits` bits; `what`
/// names it.
fn fits((low, high): (i64, i64), bits: u32, what: impl Fn() -> String) -> Result<(), NetworkError> {
    let range = -(1i64 << (bits - 1))..1i64 << (bits - 1);
    match [low, high].into_iter().find(|r| !range.contains(r)) {
        Some(reach) => Err(NetworkError::Overflow {
            what: what(),
            reach,
            bits,
        }),
        None => Ok(()),
    }
}

/// An output sum in units of `QA × QB` marbles as centi-marbles, rounded to nearest, halves away
/// from zero.
#[inline]
pub(crate) fn centi_marbles(sum: i64) -> i32 {
    let scaled = sum * i64::from(CENTI_PER_UNIT);
    let divisor = i64::from(QA * QB);
    ((scaled + scaled.signum() * divisor / 2) / divisor) as i32
}

/// Sum of each activation clipped to 0..=QA times its weight. Written as a plain loop over
/// fixed-size arrays, which the compiler turns into vector instructions for the target (AVX2 in
/// the default x86-64-v3 build) and plain ones elsewhere, with the same result.
#[inline(always)]
fn clipped_dot(activations: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    let mut sum = 0i32;
    for (&a, &w) in activations.iter().zip(weights) {
        sum += i32::from(a.clamp(0, QA as i16)) * i32::from(w);
    }
    sum
}

/// Sum of each activation clipped to 0..=QA, squared and scaled back to 0..=QA, times its weight.
#[inline(always)]
fn squared_dot(activations: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    let mut sum = 0i32;
    for (&a, &w) in activations.iter().zip(weights) {
        let clipped = i32::from(a.clamp(0, QA as i16));
        sum += clipped * clipped / QA * i32::from(w);
    }
    sum
}

/// Both halves' [`squared_dot`], out of line so that the clipped network's evaluation stays
/// small enough to inline.
#[inline(never)]
fn squared_sum(
    ours: &[i16; HIDDEN],
    theirs: &[i16; HIDDEN],
    w0: &[i16; HIDDEN],
    w1: &[i16; HIDDEN],
) -> i32 {
    squared_dot(ours, w0) + squared_dot(theirs, w1)
}

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Network {
        let mut network = Network::zero("sumito train --seed 1".into());
        for (i, column) in network.input_weights.iter_mut().enumerate() {
            for (j, w) in column.iter_mut().enumerate() {
                *w = ((i * 31 + j * 7) % 200) as i16 - 100;
            }
        }
        network.input_bias[3] = 17;
        network.output_weights[1][5] = -9;
        network.output_bias = -12345;
        network
    }

    #[test]
    fn a_network_reads_back_what_it_wrote_and_refuses_damage() {
        let network = sample();
        let bytes = network.to_bytes();
        assert!(Network::from_bytes(&bytes) == Ok(network.clone()));
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert_eq!(
            Network::from_bytes(&flipped).err(),
            Some(NetworkError::Checksum)
        );
        let cut = &bytes[..bytes.len() - 20];
        assert!(Network::from_bytes(cut).is_err());
        assert_eq!(
            Network::from_bytes(b"hello world, this is no network").err(),
            Some(NetworkError::NotANetwork)
        );
        let mut other = bytes.clone();
        other[12..16].copy_from_slice(&7u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&other),
            Err(NetworkError::Shape { inputs: 7, .. })
        ));
        assert!(Network::from_bytes(&[]).is_err());
        let mut wide = network.clone();
        for input in 0..14 {
            wide.input_weights[input][7] = 2400;
        }
        assert!(matches!(
            Network::from_bytes(&wide.to_bytes()),
            Err(NetworkError::Overflow { bits: 16, .. })
        ));
        let mut loud = network.clone();
        // Alone the output weights cannot leave 32 bits (2 × 128 × QA × 2¹⁵ < 2³¹); with a bias
        // they can.
        loud.output_weights = Aligned([[i16::MAX; HIDDEN]; 2]);
        loud.output_bias = 1 << 28;
        assert!(matches!(
            Network::from_bytes(&loud.to_bytes()),
            Err(NetworkError::Overflow { bits: 32, .. })
        ));
    }

    #[test]
    fn the_output_clips_activations_and_scales_to_centi_marbles() {
        let mut network = Network::zero(String::new());
        network.output_weights[0][0] = QB as i16; // weight 1.0
        network.output_weights[1][0] = -(QB as i16) / 2; // weight -0.5
        let mut ours = [0i16; HIDDEN];
        let mut theirs = [0i16; HIDDEN];
        ours[0] = QA as i16; // activation 1.0
        theirs[0] = QA as i16;
        assert_eq!(network.output(&ours, &theirs), 50);
        ours[0] = 1000; // clipped to 1.0
        theirs[0] = -1000; // clipped to 0
        assert_eq!(network.output(&ours, &theirs), 100);
        network.output_bias = -QA * QB;
        assert_eq!(network.output(&ours, &theirs), 0);
    }

    #[test]
    fn the_squared_activation_squares_the_clipped_sums() {
        let mut network = Network::zero(String::new());
        network.activation = Activation::SquaredClipped;
        network.output_weights[0][0] = QB as i16; // weight 1.0
        network.output_weights[1][1] = -(QB as i16) / 2; // weight -0.5
        let mut ours = [0i16; HIDDEN];
        let mut theirs = [0i16; HIDDEN];
        ours[0] = QA as i16 / 2; // activation 0.5, squared 0.25
        theirs[1] = QA as i16; // 1.0
        assert_eq!(network.output(&ours, &theirs), 25 - 50);
        ours[0] = -300; // clipped to 0
        theirs[1] = 3000; // clipped to 1.0
        assert_eq!(network.output(&ours, &theirs), -50);
        network.activation = Activation::Clipped;
        assert_eq!(network.output(&ours, &theirs), -50);
        ours[0] = QA as i16 / 2;
        assert_eq!(network.output(&ours, &theirs), 50 - 50);
    }

    #[test]
    fn version_two_keeps_the_activation_and_refuses_an_unknown_one() {
        let mut network = sample();
        network.activation = Activation::SquaredClipped;
        let bytes = network.to_bytes();
        assert!(Network::from_bytes(&bytes) == Ok(network.clone()));
        // The activation follows the hidden size; the hash is made again.
        let mut other = bytes[..bytes.len() - 8].to_vec();
        other[20..24].copy_from_slice(&2u32.to_le_bytes());
        other.extend(fnv1a(&other).to_le_bytes());
        assert_eq!(
            Network::from_bytes(&other).err(),
            Some(NetworkError::Activation(2))
        );
        // A version 1 file, as the built-in network was, is a clipped one.
        let mut old = bytes[..bytes.len() - 8].to_vec();
        old[8..12].copy_from_slice(&1u32.to_le_bytes());
        old.drain(20..24);
        old.extend(fnv1a(&old).to_le_bytes());
        let read = Network::from_bytes(&old).unwrap();
        assert_eq!(read.activation, Activation::Clipped);
        assert!(read.input_weights == network.input_weights);
    }
}
