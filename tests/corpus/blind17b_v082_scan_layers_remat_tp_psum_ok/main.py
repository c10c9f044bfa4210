import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.train import train_step

L, D, F = 6, 64, 256
mesh = jax.make_mesh((2, 2), ('data', 'model'))
param_specs = {'w_in': P(None, None, 'model'), 'w_out': P(None, 'model', None)}

step = jax.shard_map(train_step, mesh=mesh, in_specs=(param_specs, P('data'), P('data')),
                     out_specs=(param_specs, P()))
step = jax.jit(step, donate_argnums=0)

params = {'w_in': jnp.zeros((L, D, F)), 'w_out': jnp.zeros((L, F, D))}
x = jnp.ones((16, D))
step.trace(params, x, x).lower(lowering_platforms=('cuda',))
