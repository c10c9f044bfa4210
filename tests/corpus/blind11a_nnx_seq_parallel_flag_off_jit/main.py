import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Config:
  d_model: int = 32
  d_ff: int = 64
  sequence_parallel: bool = False
  sp_axis: str = 'sp'


class Block(nnx.Module):

  def __init__(self, cfg: Config, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.norm = nnx.RMSNorm(cfg.d_model, rngs=rngs)
    self.wi = nnx.Linear(cfg.d_model, cfg.d_ff, rngs=rngs)
    self.wo = nnx.Linear(cfg.d_ff, cfg.d_model, rngs=rngs)

  def __call__(self, x):
    h = self.norm(x)
    if self.cfg.sequence_parallel:
      h = jax.lax.all_gather(h, self.cfg.sp_axis, axis=1, tiled=True)
    return x + self.wo(nnx.silu(self.wi(h)))


def main():
  cfg = Config()
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = Block(cfg, rngs=nnx.Rngs(0))
  x = jax.device_put(jnp.ones((8, 16, cfg.d_model)), NamedSharding(mesh, P('data')))

  @nnx.jit
  def fwd(model, x):
    return model(x)

  fwd.trace(model, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
