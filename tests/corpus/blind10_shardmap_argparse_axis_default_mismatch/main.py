import argparse
import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from mesh_utils_local import build_mesh


def get_args():
  parser = argparse.ArgumentParser(description='toy dp trainer')
  parser.add_argument('--dp-axis', dest='dp_axis', default='dp')
  parser.add_argument('--lr', type=float, default=3e-4)
  parser.add_argument('--batch', type=int, default=32)
  return parser.parse_args()


def init(key):
  k1, k2 = jax.random.split(key)
  return {'w': jax.random.normal(k1, (24, 24)) * 0.1, 'out': jax.random.normal(k2, (24, 3)) * 0.1}


def forward(p, x):
  return jnp.tanh(x @ p['w']) @ p['out']


def main():
  args = get_args()
  mesh = build_mesh()
  tx = optax.adam(args.lr)
  params = init(jax.random.key(0))
  opt_state = tx.init(params)

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P('data'), P('data')),
                     out_specs=(P(), P(), P()))
  def step(params, opt_state, x, y):
    def loss_fn(p):
      return optax.softmax_cross_entropy_with_integer_labels(forward(p, x), y).mean()
    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, args.dp_axis)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, args.dp_axis)

  x = jnp.ones((args.batch, 24))
  y = jnp.zeros((args.batch,), jnp.int32)
  step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
