import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.parallel import RingMatmul


@dataclasses.dataclass
class Config:
  axis: str = 'x'
  devices: int = 4
  d_in: int = 128
  d_out: int = 64


cfg = Config()
mesh = jax.make_mesh((cfg.devices,), (cfg.axis,))
op = RingMatmul(cfg.axis, cfg.devices)

step = jax.jit(jax.shard_map(op, mesh=mesh, in_specs=(P(cfg.axis, None), P()),
                             out_specs=P(cfg.axis, None)))
x = jnp.ones((16, cfg.d_in))
w = jnp.ones((cfg.d_in, cfg.d_out))
step.trace(x, w).lower(lowering_platforms=('cuda',))
