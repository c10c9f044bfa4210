from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from model import Block, ModelConfig

cfg = ModelConfig()
mesh = Mesh(jax.devices(), (cfg.sp_axis,))
model = Block(cfg)

# Parameters do not depend on the sequence length: initialise on one local chunk, eagerly
# but without running the ring (abstract init, then zeros of the right shapes).
x_local = jnp.ones((2, 8, cfg.d_model))
shapes = jax.eval_shape(
    partial(jax.shard_map, mesh=mesh, in_specs=P(None, cfg.sp_axis), out_specs=P())(
        lambda x: model.init(jax.random.key(0), x)),
    jnp.ones((2, 8 * cfg.sp_size, cfg.d_model)))
params = jax.tree.map(lambda s: jnp.zeros(s.shape, s.dtype), shapes)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, cfg.sp_axis)),
         out_specs=P(None, cfg.sp_axis))
def forward(params, x):
  return model.apply(params, x)


x = jnp.ones((2, 8 * cfg.sp_size, cfg.d_model))
print(forward.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:120])
