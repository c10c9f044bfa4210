import argparse
import dataclasses


@dataclasses.dataclass(frozen=True)
class MeshConfig:
  shape: tuple = (2, 2)
  axes: tuple = ("fsdp", "tensor")


@dataclasses.dataclass(frozen=True)
class ModelConfig:
  d_model: int = 128
  d_ff: int = 256
  n_layers: int = 4
  vocab: int = 512


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  mesh: MeshConfig = MeshConfig()
  model: ModelConfig = ModelConfig()
  batch_size: int = 8
  seq_len: int = 16
  lr: float = 3e-4
  remat: bool = True


def parse_args(argv=None):
  p = argparse.ArgumentParser()
  p.add_argument("--batch_size", type=int, default=TrainConfig.batch_size)
  p.add_argument("--lr", type=float, default=TrainConfig.lr)
  p.add_argument("--no_remat", action="store_true")
  a = p.parse_args(argv)
  return TrainConfig(batch_size=a.batch_size, lr=a.lr, remat=not a.no_remat)
