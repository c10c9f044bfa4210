import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


@dataclasses.dataclass
class Config:
  d_model: int = 64
  d_ff: int = 256
  # logical -> physical mapping used to build the parameter specs
  rules: tuple = (('batch', 'data'), ('hidden', 'model'), ('embed', None))


cfg = Config()
RULES = dict(cfg.rules)
mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


def logical_to_mesh(names):
  return P(*(RULES[n] for n in names))


class FeedForward(nnx.Module):
  def __init__(self, cfg, *, rngs):
    init = nnx.initializers.xavier_uniform()
    self.wi = nnx.Param(init(rngs.params(), (cfg.d_model, cfg.d_ff)))
    self.wo = nnx.Param(init(rngs.params(), (cfg.d_ff, cfg.d_model)))

  def __call__(self, x):
    h = nnx.relu(x @ self.wi[...])
    out = h @ self.wo[...]
    # reduce the partial products of the hidden-sharded matmul
    return lax.psum(out, 'hidden')


model = FeedForward(cfg, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)
state_specs = nnx.State({
    'wi': logical_to_mesh(('embed', 'hidden')),
    'wo': logical_to_mesh(('hidden', 'embed')),
})
x_spec = logical_to_mesh(('batch', 'embed'))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(state_specs, x_spec), out_specs=x_spec)
def forward(state, x):
  return nnx.merge(graphdef, state)(x)


if __name__ == '__main__':
  x = jnp.ones((8, cfg.d_model))
  forward.trace(state, x).lower(lowering_platforms=('cuda',))
