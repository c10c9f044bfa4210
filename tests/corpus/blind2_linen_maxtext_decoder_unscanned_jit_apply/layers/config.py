import dataclasses


@dataclasses.dataclass(frozen=True)
class Config:
    num_decoder_layers: int = 4
    emb_dim: int = 128
    mlp_dim: int = 512
    scan_layers: bool = True
    remat_policy: str = "full"
    tensor_axis: str = "tensor"
    data_axes: tuple = ("data",)
