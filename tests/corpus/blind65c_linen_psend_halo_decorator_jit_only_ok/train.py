from jax.sharding import PartitionSpec as P

from parallel import per_device


def make_forward(model, mesh, cfg):
  seq = cfg["seq_axis"]

  @per_device(mesh, in_specs=(P(), P(None, seq, None)), out_specs=P(None, seq, None))
  def forward(variables, x):
    return model.apply(variables, x)

  return forward
