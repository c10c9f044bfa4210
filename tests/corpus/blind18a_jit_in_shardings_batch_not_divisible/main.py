import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

CONFIG = {'eval_batch': 6, 'features': 32}

mesh = Mesh(np.array(jax.devices()), ('batch',))
replicated = NamedSharding(mesh, P())
batch_sharded = NamedSharding(mesh, P('batch'))


def eval_step(w, x, y):
  pred = jnp.tanh(x @ w)
  return jnp.mean((pred - y) ** 2)


eval_fn = jax.jit(eval_step,
                  in_shardings=(replicated, batch_sharded, batch_sharded),
                  out_shardings=replicated)
w = jnp.zeros((CONFIG['features'], 1))
x = jnp.ones((CONFIG['eval_batch'], CONFIG['features']))
y = jnp.ones((CONFIG['eval_batch'], 1))
eval_fn.trace(w, x, y).lower(lowering_platforms=('cuda',))
