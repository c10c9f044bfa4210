from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from shardings import ACT_SPEC, TOKEN_SPEC, constrain


class GRULM(eqx.Module):
  embed: eqx.nn.Embedding
  cell: eqx.nn.GRUCell
  head: eqx.nn.Linear

  def __init__(self, vocab, hidden, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.embed = eqx.nn.Embedding(vocab, hidden, key=k1)
    self.cell = eqx.nn.GRUCell(hidden, hidden, key=k2)
    self.head = eqx.nn.Linear(hidden, vocab, key=k3)

  def __call__(self, tokens, mesh, unroll=1):
    x = jax.vmap(jax.vmap(self.embed))(tokens)          # [B, T, H]
    x = constrain(x, mesh, ACT_SPEC)
    h0 = jnp.zeros((tokens.shape[0], self.cell.hidden_size))

    def step(h, x_t):
      h = jax.vmap(self.cell)(x_t, h)
      h = constrain(h, mesh, ACT_SPEC)
      return h, h

    _, hs = jax.lax.scan(step, h0, jnp.swapaxes(x, 0, 1), unroll=unroll)
    hs = constrain(jnp.swapaxes(hs, 0, 1), mesh, ACT_SPEC)
    return jax.vmap(jax.vmap(self.head))(hs)


def smoothed_xent(smoothing, logits, labels):
  targets = optax.smooth_labels(jax.nn.one_hot(labels, logits.shape[-1]), smoothing)
  return optax.softmax_cross_entropy(logits, targets).mean()


def make_train_step(mesh, optim, static):
  @partial(jax.jit, static_argnames=("unroll",), donate_argnums=(0, 1))
  def train_step(params, opt_state, tokens, criterion, unroll=1):
    tokens = constrain(tokens, mesh, TOKEN_SPEC)

    def loss_fn(params):
      model = eqx.combine(params, static)
      logits = model(tokens[:, :-1], mesh, unroll)
      return criterion(logits, tokens[:, 1:])

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optim.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return train_step


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"))
  model = GRULM(512, 256, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  optim = optax.adamw(1e-3)
  opt_state = optim.init(params)
  train_step = make_train_step(mesh, optim, static)
  criterion = jax.tree_util.Partial(smoothed_xent, jnp.float32(0.1))
  tokens = jnp.zeros((8, 33), jnp.int32)
  train_step.trace(params, opt_state, tokens, criterion, unroll=2).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
