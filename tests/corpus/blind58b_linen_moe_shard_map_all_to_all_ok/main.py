import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from moe_linen import MoEBlock


def main():
  mesh = Mesh(np.array(jax.devices()), ("expert",))
  model = MoEBlock(mesh=mesh, num_experts=8, d_ff=512)
  x = jax.ShapeDtypeStruct((8, 128, 256), jnp.float32, sharding=NamedSharding(mesh, P("expert")))
  params = jax.eval_shape(model.init, jax.random.key(0), x)
  tx = optax.adam(3e-4)
  opt_state = jax.eval_shape(tx.init, params)

  def train_step(params, opt_state, x):
    def loss_fn(p):
      y = model.apply(p, x)
      return jnp.mean(jnp.square(y - x))
    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  lowered = jax.jit(train_step).trace(params, opt_state, x).lower(lowering_platforms=("cuda",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
