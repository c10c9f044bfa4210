import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
  num_layers: int = 4
  d_model: int = 64
  tp_axis: str = "tensor"


class Block(nnx.Module):
  def __init__(self, cfg: Config, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.norm = nnx.LayerNorm(cfg.d_model, rngs=rngs)
    self.up = nnx.Linear(cfg.d_model, 2 * cfg.d_model, rngs=rngs)
    self.down = nnx.Linear(2 * cfg.d_model, cfg.d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = self.down(nnx.relu(self.up(self.norm(x))))
    return x + jax.lax.psum(h, self.cfg.tp_axis)


class Stack(nnx.Module):
  def __init__(self, cfg: Config, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=cfg.num_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create(rngs):
      return Block(cfg, rngs=rngs)
    self.layers = create(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def body(x, layer):
      return layer(x)
    return body(x, self.layers)


def main():
  cfg = Config()
  mesh = jax.make_mesh((2, 2), ("data", "model"))
  model = Stack(cfg, rngs=nnx.Rngs(params=0))

  @nnx.jit
  def forward(model, x):
    fn = nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                       in_specs=(P(), P("data")), out_specs=P("data"))
    return fn(model, x)

  x = jax.device_put(jnp.ones((8, cfg.d_model)),
                     jax.sharding.NamedSharding(mesh, P("data")))
  forward.trace(model, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
