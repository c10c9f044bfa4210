import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

RULES = (("batch", "data"), ("embed", None), ("mlp", "model"), ("layers", None))


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, _):
        h = nn.Dense(64, kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")))(x)
        h = nn.with_logical_constraint(nn.gelu(h), ("batch", "mlp"))
        out = nn.Dense(x.shape[-1], kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "embed")))(h)
        return x + out, None


class Decoder(nn.Module):
    num_layers: int = 4

    @nn.compact
    def __call__(self, x):
        RematBlock = nn.remat(Block, prevent_cse=False)
        x, _ = nn.scan(
            RematBlock,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            length=self.num_layers,
            metadata_params={nn.PARTITION_NAME: "layers"},
        )(name="layers")(x, None)
        return x


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = Decoder()
x = jnp.ones((8, 32))

with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
    param_shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
    init = jax.jit(model.init, out_shardings=param_shardings)
    init.trace(jax.random.PRNGKey(0), x).lower(lowering_platforms=("cuda",))

    def loss(variables, x):
        return jnp.mean(model.apply(variables, x) ** 2)

    jax.jit(jax.grad(loss), in_shardings=(param_shardings, None), out_shardings=param_shardings).trace(
        abstract, x
    ).lower(lowering_platforms=("cuda",))
print("ok")
