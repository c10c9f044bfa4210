import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding

from bvlite import utils as u
from bvlite.models.vit import ViT
from bvlite.train import get_update_fn

CONFIG = {
    "mesh": [("data", -1)],
    "sharding_axis": "data",
    "batch_size": 16,
    "lr": 1e-3,
}


def main(config=CONFIG):
  mesh = u.create_mesh(config)
  model = ViT()
  image = jnp.zeros((config["batch_size"], 16, 16, 3))
  labels = jnp.zeros((config["batch_size"], 10))
  params = jax.eval_shape(lambda k: model.init(k, image[:1])["params"], jax.random.PRNGKey(0))
  tx = optax.chain(optax.clip_by_global_norm(1.0),
                   optax.scale_by_adam(), optax.scale(-config["lr"]))
  opt = jax.eval_shape(tx.init, params)
  p_sh = u.fsdp_sharding(mesh, config["sharding_axis"], params)
  o_sh = u.fsdp_sharding(mesh, config["sharding_axis"], opt)
  update_fn, repl = get_update_fn(model, tx, mesh, config)
  batch_sh = NamedSharding(mesh, u.P(config["sharding_axis"]))
  update_fn = jax.jit(update_fn, donate_argnums=(0, 1),
                      in_shardings=(p_sh, o_sh, batch_sh),
                      out_shardings=(p_sh, o_sh, repl))
  with jax.set_mesh(mesh):
    lowered = update_fn.trace(params, opt, {"image": image, "labels": labels}).lower(
        lowering_platforms=("cuda",))
  print("lowered", bool(lowered.as_text()))


if __name__ == "__main__":
  main()
