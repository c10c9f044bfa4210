import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from cp.attention import RingAttention
from cp.config import CPConfig

cfg = CPConfig(num_devices=jax.device_count())
mesh = Mesh(np.array(jax.devices()), (cfg.axis,))


@nnx.jit
def forward(model, x):
  f = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P(None, cfg.axis)),
                    out_specs=P(None, cfg.axis))
  return f(model, x)


model = RingAttention(64, cfg, rngs=nnx.Rngs(0))
x = jnp.ones((2, 128, 64))
forward.trace(model, x).lower(lowering_platforms=('cuda',))
print('lowered')
