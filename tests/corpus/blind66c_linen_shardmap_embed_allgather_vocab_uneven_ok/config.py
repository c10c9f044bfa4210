from dataclasses import dataclass


@dataclass
class GPTConfig:
  block_size: int = 128
  vocab_size: int = 50304     # GPT-2 BPE vocabulary (50257) padded to a multiple of 64
  n_layer: int = 2
  n_embd: int = 64
  mlp_ratio: int = 4


@dataclass
class ParallelConfig:
  mesh_shape: tuple = (2, 2)
  axis_names: tuple = ("data", "model")
  batch_axis: str = "data"
  embed_axis: str = "model"
