from .ulysses import heads_to_seq, seq_to_heads
