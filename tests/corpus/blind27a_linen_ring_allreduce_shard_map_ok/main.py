import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

from ringdp.model import MLP
from ringdp.step import make_train_step

CONFIG = dict(dp_axis="data", batch=32, features=16, lr=3e-4)


def main():
  mesh = Mesh(np.array(jax.devices()), (CONFIG["dp_axis"],))
  model = MLP()
  x = jnp.ones((CONFIG["batch"], CONFIG["features"]))
  y = jnp.ones((CONFIG["batch"], 8))
  params = model.init(jax.random.PRNGKey(0), x[:1])["params"]
  tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(CONFIG["lr"]))
  opt_state = tx.init(params)
  step = make_train_step(model, tx, mesh, CONFIG)
  lowered = step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
  print("ok", "collective_permute" in lowered.as_text())


if __name__ == "__main__":
  main()
