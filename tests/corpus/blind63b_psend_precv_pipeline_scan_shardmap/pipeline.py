"""Pipeline-parallel forward with point-to-point psend/precv between neighbouring stages."""
import jax
import jax.numpy as jnp
from jax import lax

STAGE = "stage"


def stage_layer(w, x):
  return jax.nn.gelu(x @ w)


def pipeline_forward(w_stage, microbatches, n_stages):
  w = w_stage[0]
  me = lax.axis_index(STAGE)
  fwd = [(i, i + 1) for i in range(n_stages - 1)]
  n_micro = microbatches.shape[0]
  mb_shape = jax.ShapeDtypeStruct(microbatches.shape[1:], microbatches.dtype)

  def tick(carry, t):
    inbox, outputs = carry
    x = jnp.where(me == 0, microbatches[jnp.minimum(t, n_micro - 1)], inbox)
    y = stage_layer(w, x)
    token = lax.psend(y, STAGE, fwd)
    inbox = lax.precv(token, mb_shape, STAGE, fwd)
    slot = t - (n_stages - 1)
    outputs = jnp.where(slot >= 0,
                        lax.dynamic_update_index_in_dim(outputs, y, jnp.maximum(slot, 0), 0),
                        outputs)
    return (inbox, outputs), None

  inbox = jnp.zeros(mb_shape.shape, mb_shape.dtype)
  outputs = lax.pcast(jnp.zeros_like(microbatches), STAGE, to="varying")
  (_, outputs), _ = lax.scan(tick, (inbox, outputs), jnp.arange(n_micro + n_stages - 1))
  return outputs[None]
