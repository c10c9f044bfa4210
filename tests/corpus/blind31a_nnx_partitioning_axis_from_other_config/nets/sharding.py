import dataclasses


@dataclasses.dataclass(frozen=True)
class ShardingConfig:
  emb_vd: tuple = ("tp", "fsdp")
  ffw_weight_df: tuple = ("fsdp", "tp")
  ffw_weight_fd: tuple = ("tp", "fsdp")
  act_btd: tuple = ("fsdp", None, None)

  @staticmethod
  def get_default_sharding():
    return ShardingConfig()
