import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from lm import TinyLM

VOCAB, DIM, LAYERS, SEQ, BATCH = 512, 128, 4, 64, 8


def loss_fn(model, tokens):
  logits = jax.vmap(model)(tokens[:, :-1])
  return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()


def main():
  model = TinyLM(VOCAB, DIM, LAYERS, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  tx = optax.adam(3e-4)
  opt_state = tx.init(params)

  def step(params, opt_state, tokens):
    loss, grads = jax.value_and_grad(lambda p: loss_fn(eqx.combine(p, static), tokens))(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  tokens = jax.ShapeDtypeStruct((BATCH, SEQ + 1), jnp.int32)
  jax.jit(step, donate_argnums=(0, 1)).trace(params, opt_state, tokens).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
