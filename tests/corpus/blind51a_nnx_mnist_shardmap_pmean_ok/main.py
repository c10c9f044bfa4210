import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import CNN
from metrics import compute_metrics

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))

model = CNN(rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
tx = optax.adamw(learning_rate=0.005, b1=0.9)
opt_state = tx.init(params)


@functools.partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P(), P(), P('data'), P('data')),
    out_specs=(P(), P(), P()),
)
def train_step(params, opt_state, images, labels):
  def loss_fn(p):
    m = nnx.merge(graphdef, p)
    logits = m(images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, logits

  (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  grads = jax.lax.pmean(grads, axis_name='data')
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, compute_metrics(loss, logits, labels)


train_step = jax.jit(train_step, donate_argnums=(0, 1))

images = jax.ShapeDtypeStruct((32, 28, 28, 1), jnp.float32)
labels = jax.ShapeDtypeStruct((32,), jnp.int32)
print(train_step.trace(params, opt_state, images, labels).lower(
    lowering_platforms=('cuda',)).as_text()[:40])
