import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def loss_and_logits(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy(logits, y).mean(), logits


def build_steps(cfg, mesh):
  ax = cfg.data_axis
  batch_spec = P(ax)

  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), batch_spec, batch_spec), out_specs=P())
  def train_step(model, optimizer, x, y):
    grad_fn = nnx.value_and_grad(loss_and_logits, has_aux=True)
    (loss, _), grads = grad_fn(model, x, y)
    grads = jax.lax.pmean(grads, ax)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, ax)

  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(P(), batch_spec, batch_spec),
                 out_specs={"loss": P(), "accuracy": P()})
  def eval_step(model, x, y):
    loss, logits = loss_and_logits(model, x, y)
    correct = jnp.sum(jnp.argmax(logits, -1) == jnp.argmax(y, -1))
    total = jax.lax.psum(x.shape[0], ax)
    return {"loss": jax.lax.pmean(loss, ax),
            "accuracy": jax.lax.psum(correct, ax) / total}

  return train_step, eval_step
