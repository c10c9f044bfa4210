import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from towers import CLIP

AXIS = "data"


def contrastive_loss(model, images, ids):
  zi, zt = model.embed(images, ids)
  all_zi = lax.all_gather(zi, AXIS, tiled=True)   # (global_batch, d)
  all_zt = lax.all_gather(zt, AXIS, tiled=True)
  scale = jnp.exp(model.log_scale)
  b = zi.shape[0]
  labels = lax.axis_index(AXIS) * b + jnp.arange(b)
  logits_i2t = scale * zi @ all_zt.T                # (b, global_batch)
  logits_t2i = scale * zt @ all_zi.T
  loss_i = optax.softmax_cross_entropy_with_integer_labels(logits_i2t, labels)
  loss_t = optax.softmax_cross_entropy_with_integer_labels(logits_t2i, labels)
  return 0.5 * (loss_i.mean() + loss_t.mean())


def make_step(static, tx):
  def step(params, opt_state, images, ids):
    model = eqx.combine(params, static)
    loss, grads = eqx.filter_value_and_grad(contrastive_loss)(model, images, ids)
    grads = lax.pmean(grads, AXIS)
    updates, opt_state = tx.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, lax.pmean(loss, AXIS)
  return step


if __name__ == "__main__":
  mesh = jax.make_mesh((4,), (AXIS,))
  params, static = eqx.partition(CLIP(jax.random.key(0)), eqx.is_array)
  tx = optax.adamw(5e-4)
  opt_state = tx.init(params)
  step = jax.shard_map(make_step(static, tx), mesh=mesh,
                       in_specs=(P(), P(), P(AXIS), P(AXIS)), out_specs=(P(), P(), P()))
  data = NamedSharding(mesh, P(AXIS))
  images = jax.ShapeDtypeStruct((256, 3, 32, 32), jnp.float32, sharding=data)
  ids = jax.ShapeDtypeStruct((256, 16), jnp.int32, sharding=data)
  jax.jit(step).trace(params, opt_state, images, ids).lower(lowering_platforms=("tpu",))
