//! The N-player network's quantised weights, its output and its file format.
//!
//! One hidden layer seen from one seat: the bias plus the input weights of every input on
//! (`inputs`), `HIDDEN` sums scaled by [`QA`], each clipped to 0..=QA and weighed by the
//! output weights (scaled by [`QB`]), plus the output bias: the viewer's worth in marbles
//! times `QA × QB`, turned into centi-marbles. Its sigmoid is the share of the most points the
//! viewer's seat is expected to take (1 for first place, as `SeatsSample::result` counts).
//! The sums are 32 bits wide: no weights can make them overflow.
//!
//! The file, little-endian: `SUMITOSN`, version (u32), the players it was trained for (u32),
//! inputs and hidden size (u32 each), the length of a UTF-8 header (u32) and the header (the
//! commands that made it), the input weights (input by input, hidden size i16 each), the bias
//! (i16), the output weights (i16), the output bias (i32), and an FNV-1a hash of everything
//! before it (u64). A file of fewer than `HIDDEN` sums fills the first ones, the others
//! staying zero: the networks trained when `HIDDEN` was 64 evaluate as they did.

use super::inputs::{INPUTS, Inputs};
use crate::eval::nnue::{QA, Reader, centi_marbles, fnv1a};
use std::sync::{Arc, OnceLock};
use sumito_rules::board::Seat;
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};

/// Hidden neurons.
pub const HIDDEN: usize = 128;

const MAGIC: &[u8; 8] = b"SUMITOSN";

/// The networks built into the binary, one per number of players.
const BUILT_IN: [&[u8]; 4] = [
    include_bytes!("three.snn"),
    include_bytes!("four.snn"),
    include_bytes!("five.snn"),
    include_bytes!("six.snn"),
];
const VERSION: u32 = 1;

/// An N-player network ready to evaluate.
#[derive(Clone, PartialEq, Eq)]
pub struct SeatsNetwork {
    /// The number of players whose games it was trained on: it evaluates only those.
    pub players: usize,
    /// Each input's column of hidden weights.
    pub input_weights: Box<[[i16; HIDDEN]; INPUTS]>,
    /// The hidden bias.
    pub input_bias: [i16; HIDDEN],
    /// The output weights.
    pub output_weights: [i16; HIDDEN],
    /// The output bias, in units of `QA × QB`.
    pub output_bias: i32,
    /// The sums in use, 1 to `HIDDEN`: those past them are zero (a file of fewer sums) and are
    /// never computed.
    pub hidden: usize,
    /// What made it: the commands, from the file's header.
    pub header: String,
}

impl std::fmt::Debug for SeatsNetwork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let first = self.header.lines().next().unwrap_or("");
        let (players, hidden) = (self.players, self.hidden);
        write!(
            f,
            "SeatsNetwork({players} players, {INPUTS}x{hidden}, {first})"
        )
    }
}

/// Why an N-player network file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatsNetworkError {
    /// It does not start with the magic bytes.
    #[error("not a Sumito N-player network file (no SUMITOSN at its start)")]
    NotANetwork,
    /// Another version of the format.
    #[error("N-player network file version {0}, this build reads version {VERSION}")]
    Version(u32),
    /// Not a number of players of an N-player layout.
    #[error("N-player network for {0} players; the layouts have 3 to 6")]
    Players(u32),
    /// Another shape of network.
    #[error(
        "N-player network of {inputs} inputs and {hidden} hidden neurons; this build reads {INPUTS} inputs and 1 to {HIDDEN} hidden neurons"
    )]
    Shape {
        /// Its inputs.
        inputs: u32,
        /// Its hidden size.
        hidden: u32,
    },
    /// Shorter or longer than its shape says.
    #[error("N-player network file of {0} bytes is cut short or too long for its shape")]
    Length(usize),
    /// The hash at its end does not match its contents.
    #[error("N-player network file damaged: its checksum does not match")]
    Checksum,
    /// The file could not be read.
    #[error("cannot read N-player network file {path}: {message}")]
    Read {
        /// The file.
        path: String,
        /// Why not.
        message: String,
    },
}

impl SeatsNetwork {
    /// A network of zero weights for `players` with `header`.
    pub fn zero(players: usize, header: String) -> SeatsNetwork {
        SeatsNetwork {
            players,
            input_weights: Box::new([[0; HIDDEN]; INPUTS]),
            input_bias: [0; HIDDEN],
            output_weights: [0; HIDDEN],
            output_bias: 0,
            hidden: HIDDEN,
            header,
        }
    }

    /// `position`'s worth to `viewer`'s seat in centi-marbles: the logit of the share of the
    /// most points it is expected to take, scaled as the training's sigmoid. Computed whole: a
    /// search carries the sums from one position to the next (`SeatsAccumulators`).
    pub fn evaluate(&self, position: &MultiPosition, viewer: Seat) -> i32 {
        self.output(&self.sums(&Inputs::of(position, viewer)))
    }

    /// The hidden sums of `inputs`.
    pub fn sums(&self, inputs: &Inputs) -> [i32; HIDDEN] {
        let mut sums = self.input_bias.map(i32::from);
        inputs.each(|input| self.change(&mut sums, input, true));
        sums
    }

    /// Adds `input`'s weights to `sums` as it turns on, or takes them away as it turns off.
    #[inline]
    pub fn change(&self, sums: &mut [i32; HIDDEN], input: usize, on: bool) {
        let used = self.hidden;
        let pairs = sums[..used]
            .iter_mut()
            .zip(&self.input_weights[input][..used]);
        if on {
            for (sum, &w) in pairs {
                *sum += i32::from(w);
            }
        } else {
            for (sum, &w) in pairs {
                *sum -= i32::from(w);
            }
        }
    }

    /// The output of the hidden `sums`, in centi-marbles.
    pub fn output(&self, sums: &[i32; HIDDEN]) -> i32 {
        // At most HIDDEN × QA × 2¹⁵ (1.07 × 10⁹) in all: the products add up in 32 bits.
        let used = self.hidden;
        let weighed = sums[..used].iter().zip(&self.output_weights[..used]);
        let dot: i32 = weighed
            .map(|(&sum, &w)| sum.clamp(0, QA) * i32::from(w))
            .sum();
        centi_marbles(i64::from(self.output_bias) + i64::from(dot))
    }

    /// The network in `bytes`, a file of the format above.
    pub fn from_bytes(bytes: &[u8]) -> Result<SeatsNetwork, SeatsNetworkError> {
        let length = SeatsNetworkError::Length(bytes.len());
        let (body, hash) = bytes.split_last_chunk::<8>().ok_or(length.clone())?;
        let mut r = Reader(body);
        if r.take::<8>().as_ref() != Some(MAGIC) {
            return Err(SeatsNetworkError::NotANetwork);
        }
        let mut number = || r.u32().ok_or(length.clone());
        let (version, players, inputs, hidden) = (number()?, number()?, number()?, number()?);
        if version != VERSION {
            return Err(SeatsNetworkError::Version(version));
        }
        if MultiLayout::for_seats(players as usize).is_none() {
            return Err(SeatsNetworkError::Players(players));
        }
        if inputs as usize != INPUTS || hidden as usize > HIDDEN || hidden == 0 {
            return Err(SeatsNetworkError::Shape { inputs, hidden });
        }
        if fnv1a(body) != u64::from_le_bytes(*hash) {
            return Err(SeatsNetworkError::Checksum);
        }
        let header = r.header().ok_or(length.clone())?;
        let mut network = SeatsNetwork::zero(players as usize, header);
        let hidden = hidden as usize;
        network.hidden = hidden;
        for column in network.input_weights.iter_mut() {
            r.fill(&mut column[..hidden]).ok_or(length.clone())?;
        }
        r.fill(&mut network.input_bias[..hidden])
            .ok_or(length.clone())?;
        r.fill(&mut network.output_weights[..hidden])
            .ok_or(length.clone())?;
        network.output_bias = r.take().map(i32::from_le_bytes).ok_or(length.clone())?;
        if !r.0.is_empty() {
            return Err(length);
        }
        Ok(network)
    }

    /// The network built into the binary for games of `players`, if one is (docs/train.md says
    /// how each was made; its header holds the commands).
    pub fn built_in(players: usize) -> Option<Arc<SeatsNetwork>> {
        static NETWORKS: OnceLock<Vec<Arc<SeatsNetwork>>> = OnceLock::new();
        let networks = NETWORKS.get_or_init(|| {
            // A test reads them: a build whose files are not networks of its shape fails there.
            let read =
                |bytes| Arc::new(SeatsNetwork::from_bytes(bytes).expect("a built-in network"));
            BUILT_IN.iter().map(|bytes| read(bytes)).collect()
        });
        networks.iter().find(|n| n.players == players).cloned()
    }

    /// The network in the file at `path`.
    pub fn load(path: &str) -> Result<SeatsNetwork, SeatsNetworkError> {
        let bytes =
            crate::eval::network_file::read(path).map_err(|message| SeatsNetworkError::Read {
                path: path.to_string(),
                message,
            })?;
        SeatsNetwork::from_bytes(&bytes)
    }

    /// The network as a file, of the sums in use.
    pub fn to_bytes(&self) -> Vec<u8> {
        let hidden = self.hidden;
        let mut bytes = MAGIC.to_vec();
        for number in [
            VERSION,
            self.players as u32,
            INPUTS as u32,
            hidden as u32,
            self.header.len() as u32,
        ] {
            bytes.extend(number.to_le_bytes());
        }
        bytes.extend(self.header.as_bytes());
        let columns = self.input_weights.iter().chain([&self.input_bias]);
        let columns = columns.chain([&self.output_weights]);
        for value in columns.flat_map(|column| &column[..hidden]) {
            bytes.extend(value.to_le_bytes());
        }
        bytes.extend(self.output_bias.to_le_bytes());
        bytes.extend(fnv1a(&bytes).to_le_bytes());
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::QB;

    fn sample() -> SeatsNetwork {
        let mut network = SeatsNetwork::zero(3, "made by a test".to_string());
        for (i, column) in network.input_weights.iter_mut().enumerate() {
            for (j, w) in column.iter_mut().enumerate() {
                *w = ((i * 31 + j * 7) % 61) as i16 - 30;
            }
        }
        network.input_bias = std::array::from_fn(|j| j as i16 * 3);
        network.output_weights = std::array::from_fn(|j| 20 - j as i16);
        network.output_bias = -1234;
        network
    }

    #[test]
    fn a_network_reads_back_what_it_wrote_and_refuses_damage() {
        let network = sample();
        let bytes = network.to_bytes();
        assert_eq!(SeatsNetwork::from_bytes(&bytes), Ok(network));
        let mut damaged = bytes.clone();
        damaged[200] ^= 1;
        assert_eq!(
            SeatsNetwork::from_bytes(&damaged),
            Err(SeatsNetworkError::Checksum)
        );
        let cut = &bytes[..bytes.len() - 9];
        assert!(SeatsNetwork::from_bytes(cut).is_err());
        let mut seven = bytes.clone();
        seven[12] = 7;
        assert_eq!(
            SeatsNetwork::from_bytes(&seven),
            Err(SeatsNetworkError::Players(7))
        );
        let two_player = crate::eval::nnue::Network::zero(String::new()).to_bytes();
        assert_eq!(
            SeatsNetwork::from_bytes(&two_player),
            Err(SeatsNetworkError::NotANetwork)
        );
    }

    #[test]
    fn a_network_of_fewer_sums_reads_into_the_first_ones() {
        let full = sample();
        let mut small = sample();
        small.hidden = 64;
        let bytes = small.to_bytes();
        assert!(bytes.len() < full.to_bytes().len());
        let read = SeatsNetwork::from_bytes(&bytes).unwrap();
        // The sums past the first 64 read as zero, and the rest is as written.
        for column in small.input_weights.iter_mut() {
            column[64..].fill(0);
        }
        small.input_bias[64..].fill(0);
        small.output_weights[64..].fill(0);
        assert_eq!(read, small);
        // Zero or not, the sums past those in use count nothing.
        let start = MultiLayout::ThreePlayer.position();
        let viewer = Seat::new(1).unwrap();
        let mut cut = full.clone();
        cut.hidden = 64;
        assert_eq!(cut.evaluate(&start, viewer), read.evaluate(&start, viewer));
        assert_ne!(full.evaluate(&start, viewer), read.evaluate(&start, viewer));
        for hidden in [0, HIDDEN + 1] {
            let mut cut = sample();
            cut.hidden = hidden.min(HIDDEN);
            let mut bytes = cut.to_bytes();
            bytes[20..24].copy_from_slice(&(hidden as u32).to_le_bytes());
            let refused = SeatsNetwork::from_bytes(&bytes);
            let shape = SeatsNetworkError::Shape {
                inputs: INPUTS as u32,
                hidden: hidden as u32,
            };
            assert_eq!(refused, Err(shape));
        }
    }

    #[test]
    fn the_built_in_networks_read_and_each_is_for_its_own_number_of_players() {
        let mut built_in = 0;
        for players in 3..=6 {
            if let Some(network) = SeatsNetwork::built_in(players) {
                assert_eq!(network.players, players);
                let made_by = format!("--players {players}");
                assert!(network.header.contains(&made_by), "{}", network.header);
                built_in += 1;
            }
        }
        assert_eq!(built_in, BUILT_IN.len());
        assert!(SeatsNetwork::built_in(3).is_some());
    }

    #[test]
    fn the_output_is_the_clipped_sums_weighed() {
        let start = MultiLayout::ThreePlayer.position();
        let mut network = SeatsNetwork::zero(3, String::new());
        // One hidden sum counts the viewer's marbles: 11 × 40 / 255, clipped at 1.
        for column in network.input_weights.iter_mut().take(64) {
            column[0] = 40;
        }
        network.output_weights[0] = QB as i16;
        let viewer = Seat::new(0).unwrap();
        assert_eq!(network.evaluate(&start, viewer), 100);
        for column in network.input_weights.iter_mut() {
            column[0] = 1;
        }
        // Every input on counts 1/255: the marbles, three ejected counts and the turn.
        let on = start.occupied().count_ones() as i64 + 3 + 1;
        let expected = (on * 100 * i64::from(QB) + i64::from(QA * QB) / 2) / i64::from(QA * QB);
        assert_eq!(i64::from(network.evaluate(&start, viewer)), expected);
    }
}
