import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

axis = "data"

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
for name in mesh.axis_names:
  print(f"mesh axis {name}: {mesh.shape[name]} devices")


def grad_step(params, batch):
  def loss(p):
    h = jnp.maximum(batch @ p["w1"], 0.0)
    return jnp.mean((h @ p["w2"]) ** 2)

  l, g = jax.value_and_grad(loss)(params)
  g = jax.tree.map(lambda t: jax.lax.pmean(t, axis), g)
  return jax.lax.pmean(l, axis), g


dp_step = jax.shard_map(
    grad_step,
    mesh=mesh,
    in_specs=(P(), P("data")),
    out_specs=(P(), P()),
    axis_names={"data"},
)

params = {
    "w1": jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, "model"))),
    "w2": jax.device_put(jnp.ones((32, 4)), NamedSharding(mesh, P("model", None))),
}
batch = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data")))

print(jax.jit(dp_step).trace(params, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
