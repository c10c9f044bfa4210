import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class ParallelMLP(nn.Module):
  hidden: int
  axis_name: str = "tp"

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden, name="col")(x)
    h = nn.gelu(h)
    out = nn.Dense(x.shape[-1], use_bias=False, name="row")(h)
    return jax.lax.psum(out, self.axis_name)


mesh = Mesh(np.array(jax.devices()), ("tp",))
model = ParallelMLP(hidden=64)
x = jnp.ones((8, 32))

params = jax.jit(model.init)(jax.random.PRNGKey(0), x)

fwd = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P()), out_specs=P(),
                            check_vma=False))
fwd.trace(params, x).lower(lowering_platforms=("cuda",))
