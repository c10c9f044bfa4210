import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from parallel import DATA_AXIS, compute_metrics, global_mean


def apply_model(params, x):
  h = jax.nn.relu(x @ params["w1"] + params["b1"])
  return h @ params["w2"]


def train_step(params, x, labels):
  def loss_fn(p):
    logits = apply_model(p, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), logits

  (_, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  grads = jax.tree.map(global_mean, grads)
  params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
  return params, compute_metrics(logits, labels)


def eval_step(params, x, labels):
  return compute_metrics(apply_model(params, x), labels)


def main():
  mesh = Mesh(np.array(jax.devices()), (DATA_AXIS,))
  params = {"w1": jnp.zeros((784, 128)), "b1": jnp.zeros((128,)), "w2": jnp.zeros((128, 10))}
  x, labels = jnp.ones((128, 784)), jnp.zeros((128,), jnp.int32)

  p_train = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(DATA_AXIS), P(DATA_AXIS)),
                                  out_specs=(P(), P())))
  p_eval = jax.jit(eval_step)

  p_train.trace(params, x, labels).lower(lowering_platforms=("cuda",))
  p_eval.trace(params, x, labels).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
