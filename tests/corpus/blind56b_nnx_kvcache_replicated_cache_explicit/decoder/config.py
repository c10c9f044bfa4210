import dataclasses


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    vocab_size: int = 256
    d_model: int = 64
    num_heads: int = 4
    num_layers: int = 2
    max_len: int = 32
    batch_axis: str = "data"

    @property
    def head_dim(self) -> int:
        return self.d_model // self.num_heads
