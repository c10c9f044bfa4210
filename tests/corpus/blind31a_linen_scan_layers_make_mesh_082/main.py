import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (2, 2)
MESH_AXES = ("fsdp", "tensor")
RULES = (
    ("batch", "fsdp"),
    ("length", None),
    ("embed", "fsdp"),
    ("mlp", "tensor"),
    ("layers", None),
)


class DecoderLayer(nn.Module):
  emb: int
  mlp: int

  @nn.compact
  def __call__(self, x, _):
    y = nn.LayerNorm(use_bias=False, scale_init=nn.with_logical_partitioning(nn.initializers.ones, ("embed",)))(x)
    y = nn.Dense(self.mlp, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_uniform(), ("embed", "mlp")))(y)
    y = nn.with_logical_constraint(nn.relu(y), ("batch", "length", "mlp"))
    y = nn.Dense(self.emb, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_uniform(), ("mlp", "embed")))(y)
    x = nn.with_logical_constraint(x + y, ("batch", "length", "embed"))
    return x, None


class Stack(nn.Module):
  emb: int = 32
  mlp: int = 64
  num_layers: int = 4

  @nn.compact
  def __call__(self, x):
    block = nn.remat(DecoderLayer, prevent_cse=False)
    x, _ = nn.scan(
        block,
        variable_axes={"params": 0},
        split_rngs={"params": True},
        in_axes=(nn.broadcast,),
        length=self.num_layers,
        metadata_params={nn.PARTITION_NAME: "layers"},
    )(self.emb, self.mlp, name="layers")(x, None)
    return x


mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
model = Stack()
x = jax.ShapeDtypeStruct((8, 16, 32), jnp.float32)

with mesh, nn.logical_axis_rules(RULES):
  abstract = jax.eval_shape(model.init, jax.random.key(0), jnp.zeros(x.shape))
  pspecs = nn.logical_to_mesh(nn.get_partition_spec(abstract))
  shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), pspecs)

  @functools.partial(jax.jit, in_shardings=(shardings, NamedSharding(mesh, P("fsdp"))))
  def loss(params, x):
    return jnp.mean(model.apply(params, x) ** 2)

  lowered = loss.trace(abstract, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text().count("sharding") > 0)
