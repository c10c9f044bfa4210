import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

NUM_MICRO = 4
DTYPE = jnp.bfloat16


def init_params(key, d_in=32, d_hidden=64, d_out=8):
  k1, k2 = jax.random.split(key)
  return {
      "w1": (jax.random.normal(k1, (d_in, d_hidden)) * 0.02).astype(DTYPE),
      "w2": (jax.random.normal(k2, (d_hidden, d_out)) * 0.02).astype(DTYPE),
  }


def loss_fn(params, x, y):
  h = jax.nn.gelu(x.astype(DTYPE) @ params["w1"])
  logits = (h @ params["w2"]).astype(jnp.float32)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


tx = optax.adamw(3e-4)


def train_step(params, opt_state, x, y):
  xs = x.reshape(NUM_MICRO, -1, x.shape[-1])
  ys = y.reshape(NUM_MICRO, -1)

  def micro(carry, batch):
    grad_acc, loss_acc = carry
    loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
    grad_acc = jax.tree.map(lambda a, g: a + g.astype(jnp.float32), grad_acc, grads)
    return (grad_acc, loss_acc + loss), None

  # accumulate in full precision
  zeros = jax.tree.map(lambda p: jnp.zeros(p.shape, jnp.float32), params)
  (grads, loss), _ = lax.scan(micro, (zeros, jnp.float32(0)), (xs, ys))
  grads = jax.tree.map(lambda g: g / NUM_MICRO, grads)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss / NUM_MICRO


def main():
  mesh = Mesh(np.array(jax.devices()), ("data",))
  repl = NamedSharding(mesh, P())
  batch = NamedSharding(mesh, P("data"))
  params = init_params(jax.random.key(0))
  opt_state = tx.init(params)
  x = jax.ShapeDtypeStruct((64, 32), jnp.float32, sharding=batch)
  y = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=batch)
  step = jax.jit(train_step, out_shardings=(repl, repl, repl), donate_argnums=(0, 1))
  step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
