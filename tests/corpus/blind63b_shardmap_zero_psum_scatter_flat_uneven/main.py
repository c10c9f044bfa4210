"""ZeRO-2 style data parallel step: gradients are flattened and reduce-scattered so each
device updates only its slice of the parameters, which is then all-gathered back."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.flatten_util import ravel_pytree
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))
LR = 1e-2


def init_params(key):
  k1, k2 = jax.random.split(key)
  return {"w1": jax.random.normal(k1, (16, 30)) * 0.1, "b1": jnp.zeros((30,)),
          "w2": jax.random.normal(k2, (30, 3)) * 0.1, "b2": jnp.zeros((3,))}


def loss_fn(params, x, y):
  h = jax.nn.relu(x @ params["w1"] + params["b1"])
  logits = h @ params["w2"] + params["b2"]
  logp = jax.nn.log_softmax(logits)
  return -jnp.take_along_axis(logp, y[:, None], axis=1).mean()


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("dp"), P("dp")), out_specs=(P(), P()))
def train_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  flat_grads, unravel = ravel_pytree(grads)
  grad_shard = jax.lax.psum_scatter(flat_grads, "dp", scatter_dimension=0, tiled=True)
  grad_shard = grad_shard / jax.lax.axis_size("dp")
  flat_params, _ = ravel_pytree(params)
  n = grad_shard.shape[0]
  param_shard = jax.lax.dynamic_slice_in_dim(flat_params, jax.lax.axis_index("dp") * n, n)
  new_flat = jax.lax.all_gather(param_shard - LR * grad_shard, "dp", tiled=True)
  return unravel(new_flat), jax.lax.pmean(loss, "dp")


if __name__ == "__main__":
  params = init_params(jax.random.key(0))
  x = jnp.ones((64, 16))
  y = jnp.zeros((64,), jnp.int32)
  train_step.trace(params, x, y).lower(lowering_platforms=("tpu",))
