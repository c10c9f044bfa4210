import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from partition_rules import LLAMA_RULES, match_partition_rules


class LlamaMLP(nn.Module):
    hidden: int = 32
    intermediate: int = 128

    @nn.compact
    def __call__(self, x):
        gate = nn.Dense(self.intermediate, use_bias=False, name="gate_proj")(x)
        up = nn.Dense(self.intermediate, use_bias=False, name="up_proj")(x)
        return nn.Dense(self.hidden, use_bias=False, name="down_proj")(nn.silu(gate) * up)


def mlp_shard(params, x):
    p = params["params"]
    h = jax.nn.silu(x @ p["gate_proj"]["kernel"]) * (x @ p["up_proj"]["kernel"])
    return jax.lax.psum(h @ p["down_proj"]["kernel"], "model")


mesh = jax.make_mesh((2, 2), ("data", "model"))
model = LlamaMLP()
x = jnp.ones((8, 32))
params = model.init(jax.random.key(0), x)
specs = match_partition_rules(LLAMA_RULES, params)

params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

sharded_mlp = jax.shard_map(mlp_shard, mesh=mesh, in_specs=(specs, P("data", None)), out_specs=P("data", None))
print(jax.jit(sharded_mlp).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
