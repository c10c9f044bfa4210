from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, ("data", "fsdp"))


def gather_params(tree, axis="fdsp"):
    return jax.tree.map(lambda p: jax.lax.all_gather(p, axis, axis=0, tiled=True), tree)


class Dense2(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(8)(nn.relu(nn.Dense(32)(x)))


model = Dense2()
params = model.init(jax.random.key(0), jnp.ones((1, 16)))["params"]
param_specs = jax.tree.map(lambda _: P("fsdp"), params)


@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P(("data", "fsdp"))), out_specs=P(("data", "fsdp")))
def fsdp_forward(sharded_params, x):
    full = gather_params(sharded_params)
    return model.apply({"params": full}, x)


x = jnp.ones((16, 16))
print(jax.jit(fsdp_forward).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:80])
