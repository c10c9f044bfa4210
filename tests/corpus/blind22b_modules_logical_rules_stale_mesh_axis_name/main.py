import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

import model
import train

CFG = dict(vocab=512, d_model=64, d_ff=256, seq=33, batch=8)


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("fsdp", "tensor"))
  tx = optax.adamw(3e-4)
  params = jax.eval_shape(lambda: model.init(jax.random.key(0), CFG))
  opt_state = jax.eval_shape(tx.init, params)
  step = train.make_train_step(mesh, tx)
  tokens = jax.ShapeDtypeStruct((CFG["batch"], CFG["seq"]), jnp.int32)
  return step.trace(params, opt_state, tokens).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
