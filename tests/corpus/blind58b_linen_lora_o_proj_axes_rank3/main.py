import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.traverse_util import path_aware_map
from jax.sharding import Mesh, PartitionSpec as P, NamedSharding

from lora import LoRAAttentionOut

RULES = (
    ("batch", "data"),
    ("length", None),
    ("embed", None),
    ("heads", "model"),
    ("kv", None),
    ("lora_rank", None),
)


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  model = LoRAAttentionOut(embed=256)
  x = jnp.ones((8, 128, 256), jnp.float32)

  with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(0), x)
    logical_specs = nn.get_partition_spec(abstract)
    shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, RULES)
    init_fn = jax.jit(model.init, out_shardings=shardings)
    init_fn.trace(jax.random.key(0), x).lower(lowering_platforms=("tpu",))
  params = nn.meta.unbox(abstract)["params"]

  # only the adapters are trained; the base kernels stay frozen
  labels = path_aware_map(lambda path, _: "lora" if path[-1].startswith("lora") else "frozen", params)
  tx = optax.multi_transform({"lora": optax.adamw(1e-4), "frozen": optax.set_to_zero()}, labels)
  opt_state = jax.eval_shape(tx.init, params)

  def loss_fn(params, x):
    y = model.apply({"params": params}, x)
    return jnp.mean((y.astype(jnp.float32) - x) ** 2)

  def train_step(params, opt_state, x):
    loss, grads = jax.value_and_grad(loss_fn)(params, x)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  param_sh = nn.meta.unbox(shardings)["params"]
  batch_sh = NamedSharding(mesh, P("data"))
  with jax.set_mesh(mesh), nn.logical_axis_rules(RULES):
    step = jax.jit(train_step, in_shardings=(param_sh, None, batch_sh), out_shardings=(param_sh, None, None))
    lowered = step.trace(params, opt_state, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
