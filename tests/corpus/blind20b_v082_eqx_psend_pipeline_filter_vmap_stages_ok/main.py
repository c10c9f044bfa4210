import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from comm import send_forward
from stages import make_stages

N_STAGES, WIDTH = 4, 96
mesh = Mesh(np.array(jax.devices()[:N_STAGES]), ("pipe",))
stages = make_stages(WIDTH, N_STAGES, jax.random.key(0))
params, static = eqx.partition(stages, eqx.is_array)


def serve(params, x):
  stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
  h = stage(x)
  for _ in range(N_STAGES - 1):
    h = stage(send_forward(h, "pipe", N_STAGES))
  mine = lax.axis_index("pipe") == N_STAGES - 1
  return lax.psum(jnp.where(mine, h, 0.0), "pipe")


serve_fn = eqx.filter_jit(jax.shard_map(serve, mesh=mesh, in_specs=(P("pipe"), P()),
                                        out_specs=P()))
x = jnp.ones((8, WIDTH))
jax.jit(lambda p, x: serve_fn(p, x)).trace(params, x).lower(lowering_platforms=("cuda",))
