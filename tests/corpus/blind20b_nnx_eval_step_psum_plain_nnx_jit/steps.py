import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

DATA = "data"


def cross_entropy(model, x, y):
  logits = model(x)
  return optax.softmax_cross_entropy(logits, y).mean(), logits


def make_train_step(mesh):
  def per_shard(model, optimizer, x, y):
    (loss, _), grads = nnx.value_and_grad(cross_entropy, has_aux=True)(model, x, y)
    grads = jax.lax.pmean(grads, DATA)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, DATA)

  sharded = nnx.shard_map(per_shard, mesh=mesh,
                          in_specs=(P(), P(), P(DATA), P(DATA)), out_specs=P())
  return nnx.jit(sharded)


@nnx.jit
def eval_step(model, x, y):
  # the eval batch is the global batch; jit partitions it over the mesh
  loss, logits = cross_entropy(model, x, y)
  correct = jnp.sum(jnp.argmax(logits, -1) == jnp.argmax(y, -1))
  return {"loss": jax.lax.pmean(loss, DATA),
          "correct": jax.lax.psum(correct, DATA)}
