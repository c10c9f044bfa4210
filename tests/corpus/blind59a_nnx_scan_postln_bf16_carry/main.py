import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from blocks import Encoder


def loss_fn(model, tokens, labels):
  logits = model(tokens)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def train_step(model, optimizer, tokens, labels):
  loss, grads = nnx.value_and_grad(loss_fn)(model, tokens, labels)
  optimizer.update(model, grads)
  return loss


train_step = nnx.jit(train_step, donate_argnums=(0, 1))


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
  model = Encoder(vocab=2048, rngs=nnx.Rngs(params=0, dropout=1))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3, weight_decay=0.01), wrt=nnx.Param)
  data = NamedSharding(mesh, P('data'))
  tokens = jax.ShapeDtypeStruct((32, 64), jnp.int32, sharding=data)
  labels = jax.ShapeDtypeStruct((32, 64), jnp.int32, sharding=data)
  model.train()
  train_step.trace(model, optimizer, tokens, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
