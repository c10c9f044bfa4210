import argparse

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from modules import Classifier


def parse_args(argv=None):
  p = argparse.ArgumentParser()
  p.add_argument('--data-axis', default='data')
  p.add_argument('--model-axis', default='model')
  p.add_argument('--model-parallel', type=int, default=2)
  p.add_argument('--hidden', type=int, default=64)
  p.add_argument('--lr', type=float, default=1e-3)
  return p.parse_args(argv)


def build(args):
  dp = jax.device_count() // args.model_parallel
  mesh = Mesh(np.array(jax.devices()).reshape(dp, args.model_parallel), (args.data_axis, args.model_axis))
  model = Classifier(num_classes=10, hidden_per_shard=args.hidden // args.model_parallel,
                     model_axis=args.model_axis)
  tx = optax.adam(args.lr)

  def init_fn(x):
    params = model.init(jax.random.key(0), x)
    return params, tx.init(params)

  def step_fn(params, opt_state, x, y):
    def loss_fn(p):
      logits = model.apply(p, x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, args.data_axis)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, args.data_axis)

  batch = P(args.data_axis)
  init = jax.shard_map(init_fn, mesh=mesh, in_specs=batch, out_specs=P(), check_vma=False)
  step = jax.shard_map(step_fn, mesh=mesh, in_specs=(P(), P(), batch, batch),
                       out_specs=(P(), P(), P()), check_vma=False)
  return jax.jit(init), jax.jit(step, donate_argnums=(0, 1))


def main(argv=None):
  args = parse_args(argv)
  init, step = build(args)
  x = jax.ShapeDtypeStruct((8, 12), jnp.float32)
  y = jax.ShapeDtypeStruct((8,), jnp.int32)
  params, opt_state = jax.eval_shape(init, x)
  step.trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
