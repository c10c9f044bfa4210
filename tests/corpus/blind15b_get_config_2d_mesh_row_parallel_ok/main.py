import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from configs.default import get_config


def mlp(w_in, w_out, x, model_axis):
  h = jax.nn.gelu(x @ w_in)
  return jax.lax.psum(h @ w_out, model_axis)


def make_loss(config, mesh):
  d, m = config.mesh.data_axis, config.mesh.model_axis

  def local_loss(w_in, w_out, x):
    y = mlp(w_in, w_out, x, m)
    loss = jnp.sum(y ** 2) / (x.shape[0] * jax.lax.axis_size(d))
    return jax.lax.psum(loss, d)

  return jax.shard_map(local_loss, mesh=mesh,
                       in_specs=(P(None, m), P(m, None), P(d)), out_specs=P())


def main(argv=None):
  parser = argparse.ArgumentParser()
  parser.add_argument('--data-axis', default=None)
  args = parser.parse_args(argv)
  config = get_config()
  if args.data_axis is not None:
    config.mesh.data_axis = args.data_axis
  axes = (config.mesh.data_axis, config.mesh.model_axis)
  mesh = Mesh(np.array(jax.devices()).reshape(config.mesh.shape), axes)
  loss = make_loss(config, mesh)
  grad_fn = jax.jit(jax.value_and_grad(loss, argnums=(0, 1)))
  d, f = config.model.d_model, config.model.d_ff
  w_in = jnp.ones((d, f))
  w_out = jnp.ones((f, d))
  x = jnp.ones((config.batch_size, d))
  grad_fn.trace(w_in, w_out, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
