import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import ModelConfig, ParallelConfig


class RowParallelMLP(nnx.Module):

  def __init__(self, cfg: ModelConfig, tp: int, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.up = nnx.Linear(cfg.d_model, cfg.d_ff // tp, use_bias=False, rngs=rngs)
    self.down = nnx.Linear(cfg.d_ff // tp, cfg.d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(x))
    return jax.lax.psum(self.down(h), self.cfg.reduce_axis)


def main():
  pcfg = ParallelConfig()
  mcfg = ModelConfig()
  devices = np.array(jax.devices()).reshape(pcfg.dp, pcfg.tp)
  mesh = Mesh(devices, (pcfg.data_axis, pcfg.model_axis))
  mlp = RowParallelMLP(mcfg, pcfg.tp, rngs=nnx.Rngs(0))

  @nnx.jit
  def forward(mlp, x):
    f = nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                      in_specs=(P(), P(pcfg.data_axis)), out_specs=P(pcfg.data_axis))
    return f(mlp, x)

  x = jnp.ones((8, mcfg.d_model))
  forward.trace(mlp, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
