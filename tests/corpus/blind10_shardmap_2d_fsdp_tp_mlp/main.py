import jax
import jax.numpy as jnp
import numpy as np
import jax.lax as lax
from jax.sharding import Mesh, PartitionSpec as P

DATA, MODEL = 'data', 'model'


def mlp_block(w_in, w_out, x):
  # w_in: [d/data, ff/model]  w_out: [ff/model, d/data]  x: [b/data, d]
  w_in = lax.all_gather(w_in, DATA, axis=0, tiled=True)
  w_out = lax.all_gather(w_out, DATA, axis=1, tiled=True)
  h = jax.nn.relu(x @ w_in)
  return lax.psum(h @ w_out, MODEL)


def loss(params, x):
  y = x
  for w_in, w_out in params:
    y = y + mlp_block(w_in, w_out, y)
  return lax.pmean(jnp.mean(y ** 2), DATA)


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DATA, MODEL))
  params = [(jnp.ones((32, 64)), jnp.ones((64, 32))) for _ in range(2)]
  specs = [(P(DATA, MODEL), P(MODEL, DATA))] * 2
  grad_fn = jax.shard_map(jax.value_and_grad(loss), mesh=mesh,
                          in_specs=(specs, P(DATA, None)), out_specs=(P(), specs))
  grad_fn = jax.jit(grad_fn)
  x = jnp.ones((8, 32))
  grad_fn.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
