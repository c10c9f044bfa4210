import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]), ("fsdp",))
params = {"w1": jnp.ones((32, 64)), "b1": jnp.zeros(64), "w2": jnp.ones((64, 32))}
# written for the parameters' old names
specs = {"b1": P(), "w1": P(None, "fsdp"), "w2": P("fsdp", None)}


def forward(p, x):
    w1 = jax.lax.all_gather(p["w1"], "fsdp", axis=1, tiled=True)
    w2 = jax.lax.all_gather(p["w2"], "fsdp", axis=0, tiled=True)
    return jax.nn.relu(x @ w1 + p["b1"]) @ w2


if __name__ == "__main__":
    f = jax.shard_map(forward, mesh=mesh, in_specs=(specs, P("fsdp")), out_specs=P("fsdp"))
    jax.jit(f).trace(params, jnp.ones((16, 32))).lower(lowering_platforms=("cuda",))
