import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import column_parallel


def loss_fn(params, x):
  h = jax.nn.gelu(column_parallel(x, params['w_in']))
  return jnp.mean(h @ params['w_out'])


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  pshard = {'w_in': NamedSharding(mesh, P(None, 'model')),
            'w_out': NamedSharding(mesh, P('model', None))}
  xshard = NamedSharding(mesh, P('data'))
  grad_fn = jax.jit(jax.grad(loss_fn, argnums=(0, 1)), in_shardings=(pshard, xshard))
  params = {'w_in': jnp.ones((32, 64)), 'w_out': jnp.ones((64, 32))}
  x = jnp.ones((8, 32))
  grad_fn.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
