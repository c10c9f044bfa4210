# Exported from notebook: linen_pjit_mlp.ipynb
# %%
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

# %%
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

class MLP(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden, use_bias=False,
                     kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (None, "model")))(x)
        x = nn.relu(x)
        x = nn.Dense(x.shape[-1] // 4, use_bias=False,
                     kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ("model", None)))(x)
        return x

model = MLP()

# %%
BATCH = 8
x = jnp.ones((BATCH, 32))
x = jax.device_put(x, NamedSharding(mesh, P("data")))

# %%
abstract = jax.eval_shape(model.init, jax.random.key(0), x)
param_shardings = nn.get_sharding(abstract, mesh)
init_fn = jax.jit(model.init, out_shardings=param_shardings)
params = init_fn(jax.random.key(0), x)

# %%
# try FSDP-ish batch layout: shard the batch over both axes
x = jax.device_put(x, NamedSharding(mesh, P(("data", "model"))))

# %%
# back to data-only layout for the forward
x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

@jax.jit
def forward(params, x):
    return model.apply(params, x)

print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
