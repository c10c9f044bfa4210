import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from models import make_cnn


def loss_fn(model, state, x, y):
  batched = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None), axis_name="batch")
  logits, state = batched(x, state)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  return loss, state


@eqx.filter_jit
def make_step(model, state, opt_state, x, y, optim):
  grad_fn = eqx.filter_value_and_grad(loss_fn, has_aux=True)
  (loss, state), grads = grad_fn(model, state, x, y)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, state, opt_state, loss


def main():
  model, state = eqx.nn.make_with_state(make_cnn)(jax.random.key(0))
  optim = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition(model, eqx.is_array)
  x = jax.ShapeDtypeStruct((64, 1, 28, 28), jnp.float32)
  y = jax.ShapeDtypeStruct((64,), jnp.int32)

  def step(p, st, o, x, y):
    m, st, o, loss = make_step(eqx.combine(p, static), st, o, x, y, optim)
    return eqx.filter(m, eqx.is_array), st, o, loss

  jax.jit(step).trace(params, state, opt_state, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
