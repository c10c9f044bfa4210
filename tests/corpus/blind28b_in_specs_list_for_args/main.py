"""Specs read from a YAML-ish config arrive as lists."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh": {"shape": [4], "axes": ["data"]}, "in_specs": [[], ["data"]], "out_specs": []}

mesh = jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), tuple(CONFIG["mesh"]["axes"]))
in_specs = [P(*s) for s in CONFIG["in_specs"]]
out_specs = P(*CONFIG["out_specs"])


def eval_loss(w, x):
    return jax.lax.pmean(jnp.mean((x @ w) ** 2), "data")


eval_loss = jax.jit(jax.shard_map(eval_loss, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
x = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("data")))
print(eval_loss.trace(jnp.ones((4, 4)), x).lower(lowering_platforms=("cuda",)).as_text()[:20])
