"""MaxText-style decoder stack: nn.scan over nn.remat'd blocks, logical axis annotations,
jit with shardings derived from the logical rules."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P, NamedSharding

RULES = (("batch", "data"), ("embed", None), ("mlp", "model"), ("layers", None), ("length", None))


class MlpBlock(nn.Module):
    d_ff: int

    @nn.compact
    def __call__(self, x, _):
        d = x.shape[-1]
        wi = self.param("wi", nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")), (d, self.d_ff))
        wo = self.param("wo", nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "embed")), (self.d_ff, d))
        h = nn.relu(x @ wi)
        h = nn.with_logical_constraint(h, ("batch", "length", "mlp"))
        y = h @ wo
        y = nn.with_logical_constraint(y, ("batch", "length", "embed"))
        return x + y, None


class Decoder(nn.Module):
    num_layers: int = 4
    d_ff: int = 64

    @nn.compact
    def __call__(self, x):
        block = nn.remat(MlpBlock, prevent_cse=False)
        stack = nn.scan(block, variable_axes={"params": 0}, split_rngs={"params": True},
                        length=self.num_layers, metadata_params={nn.PARTITION_NAME: "layers"})
        x, _ = stack(self.d_ff, name="layers")(x, None)
        return x


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = Decoder()
x = jnp.ones((8, 16, 32), jnp.float32)

with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(functools.partial(model.init, jax.random.PRNGKey(0)), x)
    logical_spec = nn.get_partition_spec(abstract)
    param_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, RULES)
    x_sharding = NamedSharding(mesh, P("data", None, None))

    def loss_fn(params, batch):
        out = model.apply(params, batch)
        return jnp.mean(out ** 2)

    @functools.partial(jax.jit, in_shardings=(param_sharding, x_sharding), out_shardings=param_sharding)
    def step(params, batch):
        grads = jax.grad(loss_fn)(params, batch)
        return jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)

    lowered = step.trace(abstract, x).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
